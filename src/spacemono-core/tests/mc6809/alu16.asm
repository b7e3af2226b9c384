* 16-bit arithmetic, loads and stores (ADDD SUBD CMPD CMPX CMPY CMPU CMPS LDD LDX LDY LDU LDS
* STD STX STY STU STS), LEA, ABX, MUL and SEX, with the data sheet's results and flags.
        include check.inc
        opt     c
        org     $1000
        start
        next                    * 1 ADDD overflows
        ldd     #$7FFF
        addd    #$0001
        chkd    $8000,N|V
        next                    * 2 SUBD borrows
        ldd     #$0001
        subd    #$0002
        chkd    $FFFF,N|C
        next                    * 3 CMPX equal
        ldx     #$1000
        cmpx    #$1000
        chkx    $1000,Z
        next                    * 4 CMPD: 0 - $8000 overflows and borrows
        ldd     #$0000
        cmpd    #$8000
        chkd    $0000,N|V|C
        next                    * 5 CMPY, CMPU, CMPS
        ldy     #$0010
        cmpy    #$0020
        pshs    cc
        puls    a
        anda    #$2F
        cmpa    #N|C
        lbne    fail
        next                    * 6
        ldu     #$0001
        cmpu    #$0001
        pshs    cc
        puls    a
        anda    #$2F
        cmpa    #Z
        lbne    fail
        next                    * 7 CMPS: S is $7F00
        cmps    #$7F01
        pshs    cc
        puls    a
        anda    #$2F
        cmpa    #N|C
        lbne    fail
        next                    * 8 LDX clears V
        orcc    #V
        ldx     #$8000
        chkx    $8000,N
        next                    * 9 STD extended, LDX direct (DP 0), STX indexed, LDD indexed
        ldd     #$1234
        std     $2000
        ldx     $2000
        stx     <$20
        ldy     #$2000
        ldd     ,y
        chkd    $1234,0
        next                    * 10 ADDD extended, SUBD indexed, ADDD direct
        ldd     #$1000
        addd    $2000
        subd    ,y
        addd    <$20
        chkd    $2234,0
        next                    * 11 STY, STU, STS, LDU, LDY extended, store of zero sets Z
        ldy     #$0000
        sty     $2004
        ldx     $2004
        chkx    $0000,Z
        next                    * 12
        ldu     #$ABCD
        stu     2,y
        ldy     2,y
        tfr     y,x
        chkx    $ABCD,N
        next                    * 13
        sts     $2006
        ldu     $2006
        tfr     u,x
        chkx    $7F00,0
        next                    * 14 MUL: 12 x 100 = 1200, C from bit 7 of B
        lda     #12
        ldb     #100
        mul
        chkd    1200,C
        next                    * 15 MUL by zero: Z
        lda     #0
        ldb     #$55
        mul
        chkd    0,Z
        next                    * 16 SEX
        ldb     #$80
        sex
        chkd    $FF80,N
        next                    * 17 SEX of a positive
        ldb     #$7F
        sex
        chkd    $007F,0
        next                    * 18 ABX is unsigned and touches no flag (N from LDB)
        ldx     #$1000
        ldb     #$FF
        orcc    #C
        abx
        chkx    $10FF,N|C
        next                    * 19 LEAX sets Z
        ldx     #1
        leax    -1,x
        chkx    $0000,Z
        next                    * 20 LEAY clears Z
        ldy     #5
        orcc    #Z
        leay    1,y
        tfr     y,x
        chkx    6,0
        next                    * 21 LEAU and LEAS touch no flag
        ldd     #$007F
        ldu     #$10
        orcc    #Z|N
        leau    d,u
        leas    -2,s
        leas    2,s
        pshs    cc
        puls    a
        anda    #$2F
        cmpa    #Z|N
        lbne    fail
        tfr     u,x
        chkx    $008F,Z         * Z from the CMPA
        next                    * 22 LDS immediate, extended
        ldd     #$7E00
        std     $2008
        lds     $2008
        sts     $200A
        ldx     $200A
        lds     #$7F00
        chkx    $7E00,0
        finish
