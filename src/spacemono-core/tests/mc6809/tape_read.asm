; A machine-code loader reading one tape block byte by byte through the ROM's jump table,
; as custom loaders do: the leader sync ($8021), then bit by bit ($8027) to the block's
; $3C, then type, length, data and checksum byte by byte ($8024) into $3200 on; the motor
; off ($8018). Each EXEC reads the next block. $3100-$3101: where the bytes ended.
        org     $3000
start   jsr     $8021           ; motor on, in sync with the leader (X = 0 after it)
        ldx     #$3200
        clra
sync    jsr     $8027           ; a bit into C (1: a short cycle)
        rora
        cmpa    #$3C
        bne     sync
        jsr     $8024           ; the block's type
        sta     ,x+
        jsr     $8024           ; its length
        sta     ,x+
        sta     count
        beq     check
data    jsr     $8024           ; its data, byte by byte
        sta     ,x+
        dec     count
        bne     data
check   jsr     $8024           ; the checksum
        sta     ,x+
        jsr     $8018           ; motor off (interrupts on again)
        stx     $3100
        rts
count   rmb     1
