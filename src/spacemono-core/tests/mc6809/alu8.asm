* 8-bit accumulator arithmetic and logic (ADD ADC SUB SBC CMP AND OR EOR BIT LD ST DAA) on A
* and B, in every addressing mode, with the results and flags the MC6809 data sheet gives.
        include check.inc
        opt     c
        org     $1000
        start
        ldx     #$2000
        lda     #$F0
        sta     ,x
        next                    * 1 ADDA: a carry out of bit 3 sets H, into bit 7 V
        lda     #$7F
        adda    #$01
        chka    $80,H|N|V
        next                    * 2 ADDA: to zero with carries out of bits 3 and 7
        lda     #$FF
        adda    #$01
        chka    $00,H|Z|C
        next                    * 3 ADDA: two negatives overflow
        lda     #$80
        adda    #$80
        chka    $00,Z|V|C
        next                    * 4 ADCA adds C in
        lda     #$0F
        orcc    #C
        adca    #$10
        chka    $20,H
        next                    * 5 SUBA borrows: N C
        lda     #$00
        suba    #$01
        chka    $FF,N|C
        next                    * 6 SUBA overflows
        lda     #$80
        suba    #$01
        chka    $7F,V
        next                    * 7 SBCA takes C away too
        lda     #$02
        orcc    #C
        sbca    #$01
        chka    $00,Z
        next                    * 8 CMPA leaves A
        lda     #$05
        cmpa    #$06
        chka    $05,N|C
        next                    * 9 ANDA clears V, keeps C
        lda     #$F0
        orcc    #V|C
        anda    #$0F
        chka    $00,Z|C
        next                    * 10 ORA
        lda     #$01
        ora     #$80
        chka    $81,N
        next                    * 11 EORA
        lda     #$FF
        eora    #$FF
        chka    $00,Z
        next                    * 12 BITA leaves A
        lda     #$FF
        bita    #$00
        chka    $FF,Z
        next                    * 13 LDA direct sets N, clears V
        ldb     #$80
        stb     <$10
        orcc    #V
        lda     <$10
        chka    $80,N
        next                    * 14 ADDB extended
        ldb     #$10
        addb    $2000
        chkb    $00,Z|C
        next                    * 15 LDA indexed
        lda     ,x
        chka    $F0,N
        next                    * 16 SUBB indexed with offset, CMPB extended
        ldb     #$F1
        subb    ,x
        chkb    $01,0
        next                    * 17 DAA after a BCD sum: 19 + 28 = 47, H kept
        lda     #$19
        adda    #$28
        daa
        chka    $47,H
        next                    * 18 DAA carries out: 99 + 01 = 00, V = N xor C
        lda     #$99
        adda    #$01
        daa
        chka    $00,Z|V|C
        next                    * 19 STA sets Z, clears V, keeps C
        lda     #$00
        orcc    #N|V|C
        sta     $2001
        chka    $00,Z|C
        next                    * 20 STB indexed, then the byte is there
        ldb     #$5A
        stb     1,x
        chkm    $2001,$5A,0
        next                    * 21 ADCB direct, EORB extended, ORB indexed, ANDB direct
        ldb     #$01
        stb     <$11
        orcc    #C
        adcb    <$11
        eorb    $2000
        orb     1,x
        andb    <$10
        chkb    $80,N
        finish
