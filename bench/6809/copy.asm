; copy.asm - benchmark: a block copy of 8192 bytes, two at a time, repeated N times.
; Copies $4000-$5FFF to $6000-$7FFF. Load at $3000 after CLEAR 200,&H2FFF; run with EXEC &H3000.
; Interrupts are masked while it runs, so its cycle count depends on nothing but N.
; Afterwards PEEK(&H3004) is 2 and $6000-$7FFF equals $4000-$5FFF.

src     equ     $4000
dst     equ     $6000
size    equ     8192

        org     $3000
        bra     start
reps    fdb     500             ; N, the number of copies (POKE &H3002/&H3003 to change)
status  fcb     0               ; 1 while running, 2 when done (a harness can watch it)

start   pshs    cc,d,x,y,u
        orcc    #$50            ; no IRQ/FIRQ: the timing is the program's alone
        lda     #1
        sta     status
        ldy     reps
        beq     finish
pass    ldx     #src
        ldu     #dst
copy    ldd     ,x++
        std     ,u++
        cmpx    #src+size
        bne     copy
        leay    -1,y
        bne     pass
finish  lda     #2
        sta     status
        puls    cc,d,x,y,u,pc
