* For the speed measurement: 8192 bytes copied from $4000 to $6000 two at a time, over and
* over; passes counts the copies made (at $0000, 16 bits).
src     equ     $4000
dst     equ     $6000
size    equ     8192
        org     $1000
again   ldx     #src
        ldu     #dst
copy    ldd     ,x++
        std     ,u++
        cmpx    #src+size
        bne     copy
        ldd     >$0000
        addd    #1
        std     >$0000
        bra     again
