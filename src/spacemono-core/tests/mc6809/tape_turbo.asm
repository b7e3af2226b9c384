; A turbo loader: CLOADM loads it (a standard file, $3000), EXEC runs it. It turns the motor
; on through PIA1 ($FF21 CRA bit 3) and reads what follows the file on the tape in its own
; format, twice as fast as the Dragon's: each bit one cycle of the wave, about 218 CPU
; cycles for a 1 and 406 for a 0 (half the ROM's 435 and 813). A leader of such $55s (64
; bits of 1010... in a row), a $3C, a length byte, that many bytes; no checksum. It times
; PA0 (bit 0 of $FF20) itself: a cycle is the turns of a 17-cycle loop from the input going
; low to it going high again (a 1 about 13 turns, a 0 about 24; 18 divides them; the ROM's
; own bits, 26 and 48 turns, would all read as 0s). The bytes go to $3200 on; $3100-$3101:
; where they ended.
        opt     c
        org     $3000
start   orcc    #$50            ; interrupts off
        lda     $FF21
        ora     #$08            ; the motor on
        sta     $FF21
        ldx     #$3200
lead    ldy     #64             ; leader bits to see in a row
lead1   bsr     bit
        rora
        cmpa    #$55
        beq     lead2
        cmpa    #$AA
        bne     lead
lead2   leay    -1,y
        bne     lead1
sync    bsr     bit             ; on to the $3C, a bit at a time
        rora
        cmpa    #$3C
        bne     sync
        bsr     byte            ; the length
        sta     left
        beq     done
data    bsr     byte            ; the bytes
        sta     ,x+
        dec     left
        bne     data
done    lda     $FF21
        anda    #$F7            ; the motor off
        sta     $FF21
        andcc   #$AF
        stx     $3100
        rts

SHORT   equ     18
        include tape_bit.inc
