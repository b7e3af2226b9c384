#!/usr/bin/env python3
"""Writes a BASIC loader (NAME.bas) for each assembled NAME.bin: the classic type-in form,
DATA + POKE + EXEC, so the same listing runs on a Dragon 32 (or MAME's dragon32) and on spacemono.

usage: python3 loader.py sieve 100 copy 800      (program name, then N, the number of passes)
"""
import sys

ORG = 0x3000
PER_LINE = 16


def loader(name: str, passes: int) -> str:
    code = open(f"{name}.bin", "rb").read()
    end = ORG + len(code) - 1
    lines = [
        "10 CLEAR 200,&H2FFF",
        f"20 FOR A=&H{ORG:04X} TO &H{end:04X}:READ B:POKE A,B:NEXT",
        f"30 N={passes}:POKE &H3002,INT(N/256):POKE &H3003,N AND 255",
        "40 EXEC &H3000",
        "50 PRINT \"STATUS\";PEEK(&H3004);\"RESULT\";PEEK(&H3005)*256+PEEK(&H3006)",
    ]
    for i in range(0, len(code), PER_LINE):
        chunk = ",".join(str(b) for b in code[i:i + PER_LINE])
        lines.append(f"{100 + i // PER_LINE * 10} DATA {chunk}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    for name, passes in zip(args[::2], args[1::2]):
        with open(f"{name}.bas", "w") as f:
            f.write(loader(name, int(passes)))
