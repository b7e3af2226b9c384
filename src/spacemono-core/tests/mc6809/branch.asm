* Branches: every condition of the short and long forms, taken and not, with CC set as the
* data sheet's table needs; BSR, LBSR, JSR (direct, extended, indexed), RTS and JMP.
        include check.inc
        opt     c
        org     $1000
        start
        next                    * 1 BRA with CC=0 branches
        orcc    #0
        bra     ok1
        lbra    fail
ok1
        next                    * 2 LBRA with CC=0 branches
        orcc    #0
        lbra    ok2
        lbra    fail
ok2
        next                    * 3 BRN with CC=0 does not branch
        orcc    #0
        brn     bad3
        bra     ok3
bad3   lbra    fail
ok3
        next                    * 4 LBRN with CC=0 does not branch
        orcc    #0
        lbrn    bad4
        bra     ok4
bad4   lbra    fail
ok4
        next                    * 5 BHI with CC=0 branches
        orcc    #0
        bhi     ok5
        lbra    fail
ok5
        next                    * 6 BHI with CC=C does not branch
        orcc    #C
        bhi     bad6
        bra     ok6
bad6   lbra    fail
ok6
        next                    * 7 LBHI with CC=0 branches
        orcc    #0
        lbhi    ok7
        lbra    fail
ok7
        next                    * 8 LBHI with CC=C does not branch
        orcc    #C
        lbhi    bad8
        bra     ok8
bad8   lbra    fail
ok8
        next                    * 9 BLS with CC=Z branches
        orcc    #Z
        bls     ok9
        lbra    fail
ok9
        next                    * 10 BLS with CC=0 does not branch
        orcc    #0
        bls     bad10
        bra     ok10
bad10   lbra    fail
ok10
        next                    * 11 LBLS with CC=Z branches
        orcc    #Z
        lbls    ok11
        lbra    fail
ok11
        next                    * 12 LBLS with CC=0 does not branch
        orcc    #0
        lbls    bad12
        bra     ok12
bad12   lbra    fail
ok12
        next                    * 13 BHS with CC=0 branches
        orcc    #0
        bhs     ok13
        lbra    fail
ok13
        next                    * 14 BHS with CC=C does not branch
        orcc    #C
        bhs     bad14
        bra     ok14
bad14   lbra    fail
ok14
        next                    * 15 LBHS with CC=0 branches
        orcc    #0
        lbhs    ok15
        lbra    fail
ok15
        next                    * 16 LBHS with CC=C does not branch
        orcc    #C
        lbhs    bad16
        bra     ok16
bad16   lbra    fail
ok16
        next                    * 17 BLO with CC=C branches
        orcc    #C
        blo     ok17
        lbra    fail
ok17
        next                    * 18 BLO with CC=0 does not branch
        orcc    #0
        blo     bad18
        bra     ok18
bad18   lbra    fail
ok18
        next                    * 19 LBLO with CC=C branches
        orcc    #C
        lblo    ok19
        lbra    fail
ok19
        next                    * 20 LBLO with CC=0 does not branch
        orcc    #0
        lblo    bad20
        bra     ok20
bad20   lbra    fail
ok20
        next                    * 21 BNE with CC=0 branches
        orcc    #0
        bne     ok21
        lbra    fail
ok21
        next                    * 22 BNE with CC=Z does not branch
        orcc    #Z
        bne     bad22
        bra     ok22
bad22   lbra    fail
ok22
        next                    * 23 LBNE with CC=0 branches
        orcc    #0
        lbne    ok23
        lbra    fail
ok23
        next                    * 24 LBNE with CC=Z does not branch
        orcc    #Z
        lbne    bad24
        bra     ok24
bad24   lbra    fail
ok24
        next                    * 25 BEQ with CC=Z branches
        orcc    #Z
        beq     ok25
        lbra    fail
ok25
        next                    * 26 BEQ with CC=0 does not branch
        orcc    #0
        beq     bad26
        bra     ok26
bad26   lbra    fail
ok26
        next                    * 27 LBEQ with CC=Z branches
        orcc    #Z
        lbeq    ok27
        lbra    fail
ok27
        next                    * 28 LBEQ with CC=0 does not branch
        orcc    #0
        lbeq    bad28
        bra     ok28
bad28   lbra    fail
ok28
        next                    * 29 BVC with CC=0 branches
        orcc    #0
        bvc     ok29
        lbra    fail
ok29
        next                    * 30 BVC with CC=V does not branch
        orcc    #V
        bvc     bad30
        bra     ok30
bad30   lbra    fail
ok30
        next                    * 31 LBVC with CC=0 branches
        orcc    #0
        lbvc    ok31
        lbra    fail
ok31
        next                    * 32 LBVC with CC=V does not branch
        orcc    #V
        lbvc    bad32
        bra     ok32
bad32   lbra    fail
ok32
        next                    * 33 BVS with CC=V branches
        orcc    #V
        bvs     ok33
        lbra    fail
ok33
        next                    * 34 BVS with CC=0 does not branch
        orcc    #0
        bvs     bad34
        bra     ok34
bad34   lbra    fail
ok34
        next                    * 35 LBVS with CC=V branches
        orcc    #V
        lbvs    ok35
        lbra    fail
ok35
        next                    * 36 LBVS with CC=0 does not branch
        orcc    #0
        lbvs    bad36
        bra     ok36
bad36   lbra    fail
ok36
        next                    * 37 BPL with CC=0 branches
        orcc    #0
        bpl     ok37
        lbra    fail
ok37
        next                    * 38 BPL with CC=N does not branch
        orcc    #N
        bpl     bad38
        bra     ok38
bad38   lbra    fail
ok38
        next                    * 39 LBPL with CC=0 branches
        orcc    #0
        lbpl    ok39
        lbra    fail
ok39
        next                    * 40 LBPL with CC=N does not branch
        orcc    #N
        lbpl    bad40
        bra     ok40
bad40   lbra    fail
ok40
        next                    * 41 BMI with CC=N branches
        orcc    #N
        bmi     ok41
        lbra    fail
ok41
        next                    * 42 BMI with CC=0 does not branch
        orcc    #0
        bmi     bad42
        bra     ok42
bad42   lbra    fail
ok42
        next                    * 43 LBMI with CC=N branches
        orcc    #N
        lbmi    ok43
        lbra    fail
ok43
        next                    * 44 LBMI with CC=0 does not branch
        orcc    #0
        lbmi    bad44
        bra     ok44
bad44   lbra    fail
ok44
        next                    * 45 BGE with CC=N|V branches
        orcc    #N|V
        bge     ok45
        lbra    fail
ok45
        next                    * 46 BGE with CC=N does not branch
        orcc    #N
        bge     bad46
        bra     ok46
bad46   lbra    fail
ok46
        next                    * 47 LBGE with CC=N|V branches
        orcc    #N|V
        lbge    ok47
        lbra    fail
ok47
        next                    * 48 LBGE with CC=N does not branch
        orcc    #N
        lbge    bad48
        bra     ok48
bad48   lbra    fail
ok48
        next                    * 49 BLT with CC=N branches
        orcc    #N
        blt     ok49
        lbra    fail
ok49
        next                    * 50 BLT with CC=N|V does not branch
        orcc    #N|V
        blt     bad50
        bra     ok50
bad50   lbra    fail
ok50
        next                    * 51 LBLT with CC=N branches
        orcc    #N
        lblt    ok51
        lbra    fail
ok51
        next                    * 52 LBLT with CC=N|V does not branch
        orcc    #N|V
        lblt    bad52
        bra     ok52
bad52   lbra    fail
ok52
        next                    * 53 BGT with CC=0 branches
        orcc    #0
        bgt     ok53
        lbra    fail
ok53
        next                    * 54 BGT with CC=Z does not branch
        orcc    #Z
        bgt     bad54
        bra     ok54
bad54   lbra    fail
ok54
        next                    * 55 LBGT with CC=0 branches
        orcc    #0
        lbgt    ok55
        lbra    fail
ok55
        next                    * 56 LBGT with CC=Z does not branch
        orcc    #Z
        lbgt    bad56
        bra     ok56
bad56   lbra    fail
ok56
        next                    * 57 BLE with CC=Z branches
        orcc    #Z
        ble     ok57
        lbra    fail
ok57
        next                    * 58 BLE with CC=N|V does not branch
        orcc    #N|V
        ble     bad58
        bra     ok58
bad58   lbra    fail
ok58
        next                    * 59 LBLE with CC=Z branches
        orcc    #Z
        lble    ok59
        lbra    fail
ok59
        next                    * 60 LBLE with CC=N|V does not branch
        orcc    #N|V
        lble    bad60
        bra     ok60
bad60   lbra    fail
ok60
        next                    * subroutines: each adds 1 to B
        clrb
        bsr     sub
        lbsr    sub
        jsr     sub
        ldx     #sub
        jsr     ,x
        jsr     [subptr]
        cmpb    #5
        lbne    fail
        next                    * JMP extended and indexed
        jmp     there
        lbra    fail
there   ldx     #where
        jmp     ,x
        lbra    fail
where
        finish
sub     incb
        rts
subptr  fdb     sub
