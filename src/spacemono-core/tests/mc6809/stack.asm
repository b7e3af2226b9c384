* The stacks and register moves: PSHS/PULS and PSHU/PULU of every register in the data sheet's
* order, EXG and TFR, SWI, SWI2 and SWI3 through their vectors and RTI back (the entire state),
* and an ORCC/ANDCC pair.
        include check.inc
        opt     c
        org     $1000
        start
        next                    * 1 PSHS everything: PC high at the top, CC at the bottom
        lda     #$11
        ldb     #$22
        ldx     #$3344
        ldy     #$5566
        ldu     #$7788
        pshs    pc,u,y,x,dp,b,a,cc
        cmps    #$7F00-12
        lbne    fail
        ldd     1,s             * A then B above CC
        cmpd    #$1122
        lbne    fail
        lda     3+0,s           * DP
        cmpa    #$00
        lbne    fail
        ldd     4,s
        cmpd    #$3344
        lbne    fail
        ldd     6,s
        cmpd    #$5566
        lbne    fail
        ldd     8,s
        cmpd    #$7788
        lbne    fail
        next                    * 2 PULS it back into other registers' places: all restored
        ldd     #0
        ldx     #0
        ldy     #0
        ldu     #0
        leas    1,s             * drop CC
        puls    a,b,dp,x,y,u
        leas    2,s             * drop PC
        cmpd    #$1122
        lbne    fail
        cmpx    #$3344
        lbne    fail
        cmpy    #$5566
        lbne    fail
        cmpu    #$7788
        lbne    fail
        cmps    #$7F00
        lbne    fail
        next                    * 3 PSHU S and PULU
        ldu     #$7000
        pshu    s,x
        ldx     #0
        pulu    x,y
        cmpx    #$3344
        lbne    fail
        cmpy    #$7F00
        lbne    fail
        cmpu    #$7000
        lbne    fail
        next                    * 4 TFR and EXG
        ldx     #$1234
        tfr     x,y
        exg     x,u
        cmpu    #$1234
        lbne    fail
        cmpx    #$7000
        lbne    fail
        lda     #$AA
        ldb     #$BB
        exg     a,b
        cmpd    #$BBAA
        lbne    fail
        tfr     b,a
        cmpd    #$AAAA
        lbne    fail
        next                    * 5 TFR into CC and out of it
        lda     #N|C
        tfr     a,cc
        tfr     cc,b
        cmpb    #N|C
        lbne    fail
        next                    * 6 ORCC and ANDCC
        orcc    #V|Z
        andcc   #~Z
        pshs    cc
        puls    a
        anda    #$2F
        cmpa    #V
        lbne    fail
        next                    * 7 SWI: the handler sees E, I and F set; RTI returns with all restored
        ldx     #swi1
        stx     $FFFA
        ldx     #swi2
        stx     $FFF4
        ldx     #swi3
        stx     $FFF2
        ldd     #$1357
        ldx     #$2468
        clr     <$20
        andcc   #$AF            * unmask so SWI's masking shows
        swi
        cmpd    #$1357
        lbne    fail
        cmpx    #$2468
        lbne    fail
        cmps    #$7F00
        lbne    fail
        next                    * 8 SWI2 and SWI3 leave the masks
        swi2
        swi3
        lda     <$20
        cmpa    #7
        lbne    fail
        finish
swi1    tfr     cc,a
        anda    #$D0
        cmpa    #$D0            * E, F and I
        lbne    fail
        ldd     #0              * RTI brings D back
        ldx     #0
        inc     <$20
        rti
swi2    tfr     cc,a
        anda    #$D0
        cmpa    #$80            * E only: SWI2 masks nothing
        lbne    fail
        lda     <$20
        adda    #2
        sta     <$20
        rti
swi3    tfr     cc,a
        anda    #$D0
        cmpa    #$80            * nor does SWI3
        lbne    fail
        lda     <$20
        adda    #4
        sta     <$20
        rti
