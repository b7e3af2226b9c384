; A loader for bytes a .cas holds after its standard blocks, in no block layout: a leader of
; $55s, a marker byte $A5, a length byte, that many bytes, no checksum. CLOADM loads it
; ($3000), EXEC runs it: it syncs on the leader with the ROM's $8021 (the motor on), hunts
; bit by bit with $8027 for the $A5, then reads the length and the bytes with $8024 into
; $3200 on, and turns the motor off ($8018). $3100-$3101: where the bytes ended.
        org     $3000
start   jsr     $8021           ; the motor on, in step with the leader
        ldx     #$3200
        clra
hunt    jsr     $8027           ; a bit into C
        rora
        cmpa    #$A5
        bne     hunt
        jsr     $8024           ; the length
        sta     left
        beq     done
data    jsr     $8024
        sta     ,x+
        dec     left
        bne     data
done    jsr     $8018           ; the motor off
        stx     $3100
        rts
left    rmb     1
