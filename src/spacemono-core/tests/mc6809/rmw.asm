* Read-modify-write operations (NEG COM LSR ROR ASR ASL ROL DEC INC TST CLR) on A, B and
* memory (direct, indexed, extended), with the results and flags the data sheet gives.
        include check.inc
        opt     c
        org     $1000
        start
        ldx     #$2000
        next                    * 1 NEGA of $80 overflows
        lda     #$80
        nega
        chka    $80,N|V|C
        next                    * 2 NEGA of 0 clears C
        clra
        orcc    #C
        nega
        chka    $00,Z
        next                    * 3 COMA sets C, clears V
        lda     #$0F
        orcc    #V
        coma
        chka    $F0,N|C
        next                    * 4 LSRA: bit 0 to C, N clear, V kept
        lda     #$81
        orcc    #N|V
        lsra
        chka    $40,V|C
        next                    * 5 RORA: C into bit 7
        lda     #$02
        orcc    #C
        rora
        chka    $81,N
        next                    * 6 ASRA keeps bit 7
        lda     #$81
        asra
        chka    $C0,N|C
        next                    * 7 ASLA: V = bit 7 xor bit 6
        lda     #$40
        asla
        chka    $80,N|V
        next                    * 8 ROLA: C into bit 0
        lda     #$80
        orcc    #C
        rola
        chka    $01,V|C
        next                    * 9 DECA of $80 overflows
        lda     #$80
        deca
        chka    $7F,V
        next                    * 10 INCA of $7F overflows, C kept
        lda     #$7F
        orcc    #C
        inca
        chka    $80,N|V|C
        next                    * 11 TSTA clears V, keeps C
        lda     #$80
        orcc    #V|C
        tsta
        chka    $80,N|C
        next                    * 12 CLRA clears N V C
        lda     #$55
        orcc    #N|V|C
        clra
        chka    $00,Z
        next                    * 13 NEGB
        ldb     #$01
        negb
        chkb    $FF,N|C
        next                    * 14 ROL direct
        lda     #$81
        sta     <$10
        rol     <$10
        chkm    <$10,$02,V|C
        next                    * 15 INC extended to zero
        lda     #$FF
        sta     $2000
        inc     $2000
        chkm    $2000,$00,Z
        next                    * 16 NEG indexed
        lda     #$01
        sta     ,x
        neg     ,x
        chkm    $2000,$FF,N|C
        next                    * 17 CLR with an offset
        clr     1,x
        chkm    $2001,$00,Z
        next                    * 18 TST direct keeps C
        orcc    #C
        tst     <$10
        chkm    <$10,$02,C
        next                    * 19 ASR extended, LSR direct, COM indexed, DEC indexed
        lda     #$84
        sta     $2002
        asr     $2002
        chkm    $2002,$C2,N
        next                    * 20
        lsr     <$10
        chkm    <$10,$01,0
        next                    * 21
        com     ,x
        chkm    $2000,$00,Z|C
        next                    * 22
        dec     ,x
        chkm    $2000,$FF,N
        next                    * 23 ASLB, ROLB, RORB, COMB, DECB, INCB, TSTB, CLRB, LSRB, ASRB
        ldb     #$C0
        aslb
        chkb    $80,N|C
        next                    * 24
        ldb     #$40
        rolb
        chkb    $80,N|V
        next                    * 25
        ldb     #$01
        rorb
        chkb    $00,Z|C
        next                    * 26
        ldb     #$FF
        comb
        chkb    $00,Z|C
        next                    * 27
        ldb     #$01
        decb
        chkb    $00,Z
        next                    * 28
        ldb     #$FF
        incb
        chkb    $00,Z
        next                    * 29
        ldb     #$00
        tstb
        chkb    $00,Z
        next                    * 30
        ldb     #$80
        orcc    #C
        lsrb
        chkb    $40,0
        next                    * 31
        ldb     #$80
        asrb
        chkb    $C0,N
        next                    * 32
        ldb     #$12
        clrb
        chkb    $00,Z
        finish
