* For the speed measurement: the BYTE magazine sieve of Eratosthenes over 8192 flags (flag i
* for the odd number 2i+3), over and over. After each pass U holds the primes found (1899)
* and the program stores it at count before it starts again at again.
flags   equ     $4000
size    equ     8192
        org     $1000
        lds     #$7F00
again   ldx     #flags          * every flag set
        ldd     #$0101
set     std     ,x++
        cmpx    #flags+size
        blo     set
        ldu     #0
        ldx     #flags
scan    tst     ,x
        beq     next
        tfr     x,d             * the prime 2i+3
        subd    #flags
        aslb
        rola
        addd    #3
        leau    1,u
        pshs    x
        leax    d,x             * strike its odd multiples
strike  cmpx    #flags+size
        bhs     struck
        clr     ,x
        leax    d,x
        bra     strike
struck  puls    x
next    leax    1,x
        cmpx    #flags+size
        blo     scan
        stu     count
        bra     again
count   fdb     0
