//! The ROM's files on the deck: reading a file's blocks (a program's for CLOAD, which is
//! `basic::program_tape`'s), CLOADM, a data file open for input or output, CSAVEM, and
//! writing new files to the end of the tape.

use super::{
    append_to_wav, bas_image, block_duration_fields, file_err, good_blocks, read_back, with_name,
    Deck, DeckError, FoundFile, Status, TapeBlock,
};
use crate::{
    formats::{
        block::{Block, BlockType, MAX_BLOCK_DATA},
        cas,
        namefile::{FileType, Namefile},
        tapefile::{file_blocks, layout, LayoutOptions},
        TapeKind,
    },
    machine::memory::{addr, Memory},
};

impl Deck {
    /// Opens the file a search just found for input and reads its first block, whatever its
    /// flags (CLOAD of an ASCII program checks them itself; OPEN "I" through
    /// [`Deck::open_input`]).
    pub(crate) fn open_found_for_input(&mut self) -> Result<(), DeckError> {
        self.header.ok_or(DeckError::NotOpen)?;
        self.status = Status::Input {
            buf: Vec::new(),
            at: 0,
        };
        self.fill_input()
    }

    /// The data blocks of a tokenized or machine-code file up to its EOF block (CasBlockIn
    /// loop: a bad block or a namefile is ?IO; a block of type $80..$FF ends it).
    pub(crate) fn read_continuous_payload(&mut self) -> Result<Vec<u8>, DeckError> {
        let mut out = Vec::new();
        while let Some(data) = self.next_data_block()? {
            out.extend_from_slice(&data);
        }
        Ok(out)
    }

    /// The next block of a file's body (CasBlockIn): its data, or `None` at the EOF block
    /// (type $80..$FF). A bad block or a namefile is ?IO.
    fn next_data_block(&mut self) -> Result<Option<Vec<u8>>, DeckError> {
        let (index, b, _) = self.read_block()?;
        if !b.checksum_ok {
            return Err(bad_block(index, &b));
        }
        let t = b.block.kind.to_byte();
        if t == 0 {
            return Err(DeckError::UnexpectedBlock { index, kind: t });
        }
        Ok(if t >= 0x80 { None } else { Some(b.block.data) })
    }

    /// CLOADM "NAME"[,offset] after the search found the file: type 2 only (else ?FM); the
    /// blocks go to the namefile's load address + `offset`. Returns the exec address +
    /// `offset` (EXEC of it is ?FC here: there is no 6809). Loading at or above $8000 is ?IO,
    /// as the ROM's read-back check makes it.
    pub(crate) fn cloadm_found(&mut self, mem: &mut Memory, offset: u16) -> Result<u16, DeckError> {
        let nf = self.header.ok_or(DeckError::NotOpen)?;
        if nf.file_type != FileType::MachineCode {
            return Err(DeckError::wrong_file_type(&nf));
        }
        let mut at = nf.load.wrapping_add(offset) as u32;
        loop {
            let (index, b, _) = self.read_block()?;
            let t = b.block.kind.to_byte();
            if t == 0 {
                return Err(DeckError::UnexpectedBlock { index, kind: t });
            }
            for &byte in &b.block.data {
                let a = at & 0xFFFF;
                if a >= addr::RAM_END {
                    return Err(DeckError::WriteIntoRom { addr: a });
                }
                mem.poke(a as u16, byte);
                at += 1;
            }
            if !b.checksum_ok {
                return Err(bad_block(index, &b));
            }
            if t >= 0x80 {
                return Ok(nf.exec.wrapping_add(offset));
            }
        }
    }

    // --------------------------------------------------------------------------- input

    /// OPEN "I",#-1,"NAME": finds the file; it must have both the ASCII and gap flags
    /// (a data file or an ASCII program), else ?FM; reads its first block.
    pub(crate) fn open_input(&mut self, name: Option<&[u8]>) -> Result<FoundFile, DeckError> {
        let found = self.find_file(name)?;
        let nf = found.namefile;
        if !(nf.ascii && nf.gaps) {
            return Err(DeckError::wrong_file_type(&nf));
        }
        self.open_found_for_input()?;
        Ok(found)
    }

    /// CasOnReadBlockOff: the next non-empty data block into the buffer, or an empty buffer at
    /// the EOF block.
    fn fill_input(&mut self) -> Result<(), DeckError> {
        let buf = loop {
            match self.next_data_block()? {
                None => break Vec::new(),
                Some(data) if data.is_empty() => continue,
                Some(data) => break data,
            }
        };
        self.status = Status::Input { buf, at: 0 };
        Ok(())
    }

    fn check_input(&self) -> Result<(), DeckError> {
        match self.status {
            Status::Input { .. } => Ok(()),
            Status::Closed => Err(DeckError::NotOpen),
            Status::Output { .. } => Err(DeckError::WrongMode),
        }
    }

    /// EOF(-1): true when the input buffer is empty (?NO with no file, ?FM for an output
    /// file).
    pub(crate) fn eof(&self) -> Result<bool, DeckError> {
        self.check_input()?;
        Ok(match &self.status {
            Status::Input { buf, at } => *at >= buf.len(),
            _ => true,
        })
    }

    /// One character from the input file, `None` at the end. When this empties the buffer the
    /// next block is read at once (so EOF(-1) turns true right after the last character).
    pub(crate) fn read_char(&mut self) -> Result<Option<u8>, DeckError> {
        self.check_input()?;
        let Status::Input { buf, at } = &mut self.status else {
            return Err(DeckError::NotOpen);
        };
        if *at >= buf.len() {
            return Ok(None);
        }
        let c = buf[*at];
        *at += 1;
        if *at >= buf.len() {
            self.fill_input()?;
        }
        Ok(Some(c))
    }

    /// One line of the input file as the ROM's line input (LB5C6) takes it from tape, for
    /// INPUT #-1 and ASCII CLOAD: the characters up to a CR or the end of the file, kept as
    /// [`line_input`](crate::formats::ascii::line_input) keeps them (a space to `z`, at most
    /// 249). `None` when the file is already at its end (INPUT #-1 then says ?IE).
    pub(crate) fn read_line(&mut self) -> Result<Option<Vec<u8>>, DeckError> {
        if self.eof()? {
            return Ok(None);
        }
        let mut raw = Vec::new();
        while let Some(c) = self.read_char()? {
            if c == b'\r' {
                break;
            }
            raw.push(c);
        }
        Ok(Some(crate::formats::ascii::line_input(&raw)))
    }

    /// Every remaining line of the input file, then CLOSE.
    #[cfg(test)]
    pub(crate) fn read_all_lines(&mut self) -> Result<Vec<Vec<u8>>, DeckError> {
        let mut out = Vec::new();
        while let Some(l) = self.read_line()? {
            out.push(l);
        }
        self.close()?;
        Ok(out)
    }

    // -------------------------------------------------------------------------- output

    /// Writes blocks after the last block on the tape and saves the tape file. If the save
    /// fails nothing changes (the deck and the file are as before). `tokenized_listing` is
    /// what a .bas tape writes for a tokenized program among them (see [`bas_image`]).
    pub(super) fn append(
        &mut self,
        new: Vec<Block>,
        tokenized_listing: Option<&[Vec<u8>]>,
    ) -> Result<(), DeckError> {
        if self.writing() {
            self.finish_writing()?;
        }
        self.forget_motion();
        let r = self.append_to_tape(new, tokenized_listing);
        if let Err(e @ (DeckError::File { .. } | DeckError::CannotHold { .. })) = &r {
            self.failures.push(e.clone());
        }
        r
    }

    fn append_to_tape(
        &mut self,
        new: Vec<Block>,
        tokenized_listing: Option<&[Vec<u8>]>,
    ) -> Result<(), DeckError> {
        self.need_tape()?;
        // A tape held only in memory (the built-in one, a snapshot's) has no file whose
        // limit would stop a program that saves without end.
        if self.blocks.len() + new.len() > crate::formats::error::MAX_TAPE_BLOCKS {
            return Err(DeckError::TapeFull);
        }
        let added = good_blocks(new.clone());
        if let Some(b) = &self.backing {
            let path = b.path.display().to_string();
            let segments = layout(&new, LayoutOptions::default());
            let bytes = match b.kind {
                TapeKind::Cas => {
                    let mut bytes = b.bytes.clone();
                    bytes.extend(
                        cas::write_segments(&segments)
                            .map_err(|e| file_err(&b.path, e.to_string()))?,
                    );
                    bytes
                }
                TapeKind::Wav => append_to_wav(&b.bytes, &segments)
                    .map_err(|e| file_err(&b.path, format!("cannot add to the recording: {e}")))?,
                TapeKind::Ascii => {
                    let mut all = self.blocks.clone();
                    all.extend(added.iter().cloned());
                    bas_image(&all, tokenized_listing)
                        .map_err(|why| DeckError::CannotHold { path, why })?
                }
            };
            self.save_backing(bytes, &added)?;
        }
        for b in &added {
            self.fields += block_duration_fields(&b.block, b.led) as u64;
            self.blocks_moved += 1;
        }
        self.recording.append_blocks(&added);
        self.blocks.extend(added);
        self.pos = self.blocks.len();
        self.head = self.recording.end();
        Ok(())
    }

    /// Stores `bytes`, the tape file's new image, only once it reads back with `added` as its
    /// last blocks; otherwise the file and the deck's copy of it stay as they were.
    pub(super) fn save_backing(
        &mut self,
        bytes: Vec<u8>,
        added: &[TapeBlock],
    ) -> Result<(), DeckError> {
        let Some(b) = self.backing.as_mut() else {
            return Ok(());
        };
        read_back(b.kind, &bytes, added).map_err(|why| {
            file_err(
                &b.path,
                format!("the save would not read back ({why}), so it was not written"),
            )
        })?;
        (b.save)(&b.path, &bytes)?;
        b.bytes = bytes;
        Ok(())
    }

    /// Writes a whole file (namefile, the payload in 255-byte blocks, EOF) after the last file
    /// on the tape. ?AO if a file is open.
    pub(crate) fn write_file(
        &mut self,
        namefile: &Namefile,
        payload: &[u8],
    ) -> Result<(), DeckError> {
        self.write_program_file(namefile, payload, None)
    }

    /// As [`Deck::write_file`], for a BASIC program: `tokenized_listing` is the program as LIST
    /// shows it, which a .bas tape holds instead of its tokens (CSAVE gives it; the deck
    /// knows nothing of tokens).
    pub(crate) fn write_program_file(
        &mut self,
        namefile: &Namefile,
        payload: &[u8],
        tokenized_listing: Option<&[Vec<u8>]>,
    ) -> Result<(), DeckError> {
        if self.status != Status::Closed {
            return Err(DeckError::AlreadyOpen);
        }
        self.append(file_blocks(namefile, payload), tokenized_listing)
    }

    /// CSAVEM "NAME",start,end,exec: RAM `start..=end` as a machine-code file.
    pub(crate) fn csavem(
        &mut self,
        mem: &Memory,
        name: &[u8],
        start: u16,
        end: u16,
        exec: u16,
    ) -> Result<(), DeckError> {
        let bytes: Vec<u8> = (start as u32..=end as u32)
            .map(|a| mem.peek(a as u16))
            .collect();
        self.write_file(&with_name(Namefile::csavem("", start, exec), name), &bytes)
    }

    /// OPEN "O",#-1,"NAME": writes the namefile (type 1, ASCII $FF, gap $FF) at the end of
    /// the tape. ?AO if a file is open. A .bas tape cannot hold a data file.
    pub(crate) fn open_output(&mut self, name: &[u8]) -> Result<(), DeckError> {
        if self.status != Status::Closed {
            return Err(DeckError::AlreadyOpen);
        }
        if let Some(b) = &self.backing {
            if b.kind == TapeKind::Ascii {
                let e = DeckError::CannotHold {
                    path: b.path.display().to_string(),
                    why:
                        "a .bas tape holds a single BASIC program, not data files; use .cas or .wav"
                            .into(),
                };
                self.failures.push(e.clone());
                return Err(e);
            }
        }
        self.append(
            vec![with_name(Namefile::data_file(""), name).to_block()],
            None,
        )?;
        self.status = Status::Output { buf: Vec::new() };
        Ok(())
    }

    fn check_output(&self) -> Result<(), DeckError> {
        match self.status {
            Status::Output { .. } => Ok(()),
            Status::Closed => Err(DeckError::NotOpen),
            Status::Input { .. } => Err(DeckError::WrongMode),
        }
    }

    /// One character to the output file (PRINT #-1): a full 255-byte buffer is written as a
    /// data block first.
    pub(crate) fn write_char(&mut self, c: u8) -> Result<(), DeckError> {
        self.check_output()?;
        let full = matches!(&self.status, Status::Output { buf } if buf.len() >= MAX_BLOCK_DATA);
        if full {
            self.flush_output()?;
        }
        if let Status::Output { buf } = &mut self.status {
            buf.push(c);
        }
        Ok(())
    }

    pub(crate) fn write_bytes(&mut self, s: &[u8]) -> Result<(), DeckError> {
        s.iter().try_for_each(|&c| self.write_char(c))
    }

    fn flush_output(&mut self) -> Result<(), DeckError> {
        let data = match &self.status {
            Status::Output { buf } => buf.clone(),
            _ => return Ok(()),
        };
        self.append(
            vec![Block {
                kind: BlockType::Data,
                data,
            }],
            None,
        )?;
        self.status = Status::Output { buf: Vec::new() };
        Ok(())
    }

    /// CLOSE #-1 (and CLOSE): an output file gets what is left in its buffer and its EOF
    /// block; an input file is simply closed. Nothing open: nothing happens.
    pub(crate) fn close(&mut self) -> Result<(), DeckError> {
        if let Status::Output { buf } = &self.status {
            if !buf.is_empty() {
                self.flush_output()?;
            }
            self.append(vec![Block::eof()], None)?;
        }
        self.status = Status::Closed;
        Ok(())
    }

    /// Forgets any open file without writing anything (CLOAD's `CLR CasStatus`: an output
    /// file open at that moment gets no last block and no EOF).
    pub(crate) fn abandon_file(&mut self) {
        self.status = Status::Closed;
    }

    /// Whether a file is open, and which way: `Some(true)` input, `Some(false)` output.
    pub(crate) fn open_for_input(&self) -> Option<bool> {
        match self.status {
            Status::Closed => None,
            Status::Input { .. } => Some(true),
            Status::Output { .. } => Some(false),
        }
    }
}

/// The error for a block that did not read: cut short by the end of the tape, or a bad
/// checksum.
pub(super) fn bad_block(index: usize, b: &TapeBlock) -> DeckError {
    if b.truncated {
        DeckError::CutShort { index }
    } else {
        DeckError::BadBlock { index }
    }
}

/// LB917: while skipping a file, a bad block, a namefile or a block of type $80..$FE is ?IO.
pub(super) fn check_skip_block(index: usize, b: &TapeBlock) -> Result<(), DeckError> {
    if !b.checksum_ok {
        return Err(bad_block(index, b));
    }
    let t = b.block.kind.to_byte();
    if t == 0 || (0x80..0xFF).contains(&t) {
        return Err(DeckError::UnexpectedBlock { index, kind: t });
    }
    Ok(())
}
