//! What the CPU sees of the machine: 64K of addresses to read and write. The machine decides
//! what answers at each (RAM, the ROM area, the PIAs, the SAM).

/// Memory as the CPU addresses it. Reads take `&mut self` because reading an I/O register can
/// change it (a PIA clears its interrupt flags when its data register is read).
pub trait Bus {
    fn read(&mut self, addr: u16) -> u8;
    fn write(&mut self, addr: u16, value: u8);
}

/// 64K of plain RAM at every address: for tests and for running code with no hardware.
pub struct FlatRam {
    pub bytes: Box<[u8; 0x10000]>,
}

impl FlatRam {
    pub fn new() -> Self {
        FlatRam {
            bytes: Box::new([0; 0x10000]),
        }
    }

    /// Copies `code` to `addr` onwards (wrapping past $FFFF).
    pub fn load(&mut self, addr: u16, code: &[u8]) {
        for (i, &b) in code.iter().enumerate() {
            self.bytes[addr.wrapping_add(i as u16) as usize] = b;
        }
    }
}

impl Default for FlatRam {
    fn default() -> Self {
        Self::new()
    }
}

impl Bus for FlatRam {
    fn read(&mut self, addr: u16) -> u8 {
        self.bytes[addr as usize]
    }

    fn write(&mut self, addr: u16, value: u8) {
        self.bytes[addr as usize] = value;
    }
}
