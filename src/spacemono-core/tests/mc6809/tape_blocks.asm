; Whole blocks through the ROM's block routines, which programs call directly:
; `read` ($3000) reads the next block with CasReadBlock1 ($B933: leader sync, CasBlockIn,
; motor off) into $3200 and stores its error code (B) at $3100; `write` ($300C) writes the
; block at $3200 (type at $3101, length at $3102) with CasWriteBlock1 ($B991: leader,
; CasBlockOut, motor off).
        org     $3000
read    ldx     #$3200
        stx     $7E             ; the buffer
        jsr     $B933
        stb     $3100
        rts
write   ldx     #$3200
        stx     $7E
        lda     $3101
        sta     $7C             ; the block's type
        lda     $3102
        sta     $7D             ; its length
        jmp     $B991
