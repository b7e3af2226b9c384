* Indexed addressing: every form of the data sheet's table (offsets of 0, 5, 8 and 16 bits,
* A, B and D offsets, auto-increment and decrement by 1 and 2, PC-relative, and each of them
* indirect where the table allows), on X, Y, U and S, with the table's cycles.
        include check.inc
        opt     c
        org     $1000
        start
        ldx     #$2000
        ldd     #$0102          * the table: $2000 holds 1, 2, 3 ... $40
loop    stb     ,x+
        incb
        cmpx    #$2040
        blo     loop
        ldd     #$2010
        std     $2100           * a pointer to $2010 at $2100
        next                    * 1 ,X and n5,X and -n5,X
        ldx     #$2010
        lda     ,x
        cmpa    #$12
        lbne    fail
        lda     5,x
        cmpa    #$17
        lbne    fail
        lda     -16,x
        cmpa    #$02
        lbne    fail
        next                    * 2 n8 and n16 offsets
        lda     100,x
        lda     $20,x
        cmpa    #$32
        lbne    fail
        lda     -$10,x
        cmpa    #$02
        lbne    fail
        lda     $1000,y         * Y = 0
        ldy     #$1000
        lda     $1010,y
        cmpa    #$12
        lbne    fail
        next                    * 3 A, B and D offsets (A and B signed)
        lda     #$FF
        ldb     -1,x
        cmpb    #$11
        lbne    fail
        lda     a,x
        cmpa    #$11
        lbne    fail
        ldb     #2
        lda     b,x
        cmpa    #$14
        lbne    fail
        ldd     #$0003
        lda     d,x
        cmpa    #$15
        lbne    fail
        next                    * 4 auto-increment and decrement
        lda     ,x+
        ldb     ,x+
        cmpd    #$1213
        lbne    fail
        ldd     ,x++
        cmpd    #$1415
        lbne    fail
        lda     ,-x
        cmpa    #$15
        lbne    fail
        ldd     ,--x
        cmpd    #$1314
        lbne    fail
        cmpx    #$2011
        lbne    fail
        next                    * 5 on U and S
        ldu     #$2020
        lda     ,u+
        cmpa    #$22
        lbne    fail
        lda     2,u
        cmpa    #$25
        lbne    fail
        pshs    d
        ldd     ,s++
        cmpd    #$2514
        lbne    fail
        next                    * 6 PC-relative, 8 and 16 bits
        lda     byte,pcr
        cmpa    #$5A
        lbne    fail
        lda     far,pcr
        cmpa    #$A5
        lbne    fail
        leax    byte,pcr
        cmpx    #byte
        lbne    fail
        next                    * 7 indirect: [,X] [n8,X] [n16,X] [D,X] [,X++] [,--X] [n16]
        ldx     #$2100
        lda     [,x]
        cmpa    #$12
        lbne    fail
        ldx     #$2080
        lda     [$80,x]
        cmpa    #$12
        lbne    fail
        ldx     #$2000
        lda     [$100,x]
        cmpa    #$12
        lbne    fail
        ldd     #$0100
        lda     [d,x]
        cmpa    #$12
        lbne    fail
        ldx     #$2100
        lda     [,x++]
        cmpa    #$12
        lbne    fail
        lda     [,--x]
        cmpa    #$12
        lbne    fail
        lda     [$2100]
        cmpa    #$12
        lbne    fail
        lda     [ptr,pcr]
        cmpa    #$12
        lbne    fail
        ldb     #0
        lda     [b,x]
        cmpa    #$12
        lbne    fail
        lda     #0
        lda     [a,x]
        cmpa    #$12
        lbne    fail
        ldy     #$2101
        lda     [-1,y]
        cmpa    #$12
        lbne    fail
        finish
byte    fcb     $5A
ptr     fdb     $2010
        fill    0,200
far     fcb     $A5
