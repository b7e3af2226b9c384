; sieve.asm - benchmark: the sieve of Eratosthenes over 8192 byte flags, repeated N times.
; Flag i stands for the odd number 2i+3 (the BYTE magazine form of the sieve).
; Load at $3000 after CLEAR 200,&H2FFF; run with EXEC &H3000. Interrupts are masked while it runs,
; so its cycle count depends on nothing but N. Afterwards PEEK(&H3005)*256+PEEK(&H3006) is the count
; of primes found by the last pass (1899) and PEEK(&H3004) is 2.

flags   equ     $4000           ; 8192 flags, $4000-$5FFF
size    equ     8192

        org     $3000
        bra     start
reps    fdb     100             ; N, the number of passes (POKE &H3002/&H3003 to change)
status  fcb     0               ; 1 while running, 2 when done (a harness can watch it)
count   fdb     0               ; primes found by the last pass

start   pshs    cc,d,x,y,u
        orcc    #$50            ; no IRQ/FIRQ: the timing is the program's alone
        lda     #1
        sta     status
        ldy     reps
        beq     finish
pass    ldx     #flags          ; set every flag
        ldd     #$0101
fill    std     ,x++
        cmpx    #flags+size
        blo     fill
        ldu     #0              ; primes found
        ldx     #flags          ; X = &flag[i]
scan    tst     ,x
        beq     next
        tfr     x,d             ; prime = 2i+3
        subd    #flags
        lslb
        rola
        addd    #3
        leau    1,u
        pshs    x
        leax    d,x             ; strike flag[i+prime], flag[i+2*prime], ...
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
        leay    -1,y
        bne     pass
finish  lda     #2
        sta     status
        puls    cc,d,x,y,u,pc
