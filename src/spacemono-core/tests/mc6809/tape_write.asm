; A machine-code program writing a whole machine-code file (namefile, one data block, EOF)
; byte by byte through the ROM's jump table: each block a leader ($801B), then
; `$55 $3C type len data checksum $55` ($801E), the motor off after it ($8018). The file,
; "WRITTEN", loads at $3100 and stores $42 at $3180 when run.
        org     $3000
start   ldx     #name
        bsr     block
        ldx     #data
        bsr     block
        ldx     #eof
block   pshs    x
        jsr     $801B           ; motor on, the leader (X = 0 after it)
        puls    x
        lda     #$55
        jsr     $801E
        lda     #$3C
        jsr     $801E
        clr     sum
        ldb     1,x             ; the length, and the type and length bytes themselves
        addb    #2
        stb     count
send    lda     ,x+             ; A is kept by $801E, B and Y are not
        jsr     $801E
        adda    sum
        sta     sum
        dec     count
        bne     send
        lda     sum
        jsr     $801E
        lda     #$55
        jsr     $801E
        jmp     $8018           ; motor off; its RTS returns
name    fcb     $00,15
        fcc     "WRITTEN "
        fcb     2,0,0           ; machine code, binary, no gaps
        fdb     $3100,$3100     ; exec, load
data    fcb     $01,6
        fcb     $86,$42         ; lda #$42
        fcb     $B7,$31,$80     ; sta $3180
        fcb     $39             ; rts
eof     fcb     $FF,0
sum     rmb     1
count   rmb     1
