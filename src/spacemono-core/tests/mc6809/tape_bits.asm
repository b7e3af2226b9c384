; A custom (turbo-style) loader that never calls the ROM: it turns the cassette motor on
; through PIA1 ($FF21 CRA bit 3), times the cassette input bit (PIA1 PA0, bit 0 of $FF20)
; itself the way the ROM's CasBitIn ($BDA5) does (a loop counting turns from the input going
; low to it going high again: one cycle of the tape's wave, a rising edge ending it), syncs
; on 64 bits of leader, hunts bit by bit for the block's $3C, then reads type, length, data
; and checksum into $3200 on and turns the motor off. Each EXEC reads the next block.
; $3100-$3101: where the bytes ended. (A turn of the loop is 17 cycles: a 1 on tape, 435
; cycles, is about 26 turns, a 0, 813 cycles, about 48; 35 divides them.)
        opt     c
        org     $3000
start   orcc    #$50            ; interrupts off, as the ROM's tape routines run
        lda     $FF21
        ora     #$08            ; CA2 high: the motor relay on
        sta     $FF21
        ldx     #$3200
lead    ldy     #64             ; leader bits to see in a row
lead1   bsr     bit
        rora
        cmpa    #$55            ; $55 or $AA: still in the leader's 1010...
        beq     lead2
        cmpa    #$AA
        bne     lead
lead2   leay    -1,y
        bne     lead1
sync    bsr     bit             ; on to the block's $3C, a bit at a time
        rora
        cmpa    #$3C
        bne     sync
        bsr     byte            ; the block's type
        sta     ,x+
        bsr     byte            ; its length
        sta     ,x+
        sta     left
        beq     sum
data    bsr     byte            ; its data
        sta     ,x+
        dec     left
        bne     data
sum     bsr     byte            ; the checksum
        sta     ,x+
        lda     $FF21
        anda    #$F7            ; the motor off
        sta     $FF21
        andcc   #$AF
        stx     $3100
        rts

SHORT   equ     35
        include tape_bit.inc
