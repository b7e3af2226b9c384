//! MBASIC's long variable names. BASIC-80 keeps 40 significant characters of a name (letters,
//! digits and `.`), so `SUM` and `SU` are two variables there; the Dragon and Altair BASIC keep
//! two. The Dragon's variable table has two name bytes per variable, and the program keeps
//! the name as typed, so a name of three or more characters is given a two-byte code of its
//! own that no Dragon name can have:
//!
//! * a Dragon name starts with a letter, `$41`–`$5A` (bit 7 set marks a DEF FN name);
//! * a long name's code starts with `$01`–`$3F`, its second byte is `$00`–`$7F`, and, as for a
//!   Dragon name, bit 7 of the second byte marks a string and bit 7 of the first a function.
//!
//! Codes are handed out in the order names are first compiled and kept for the session, so a
//! name always gets the same code; only VARPTR and PEEKs of the table can see them. Names of
//! one or two characters keep their Dragon encoding, so a listing without long names stores
//! its variables byte for byte as the Dragon would.

use std::collections::HashMap;

/// Characters of a name that count in MBASIC.
pub const SIGNIFICANT: usize = 40;

const FIRST_LOW: u8 = 0x01;
const FIRST_HIGH: u8 = 0x3F;

/// The codes given to long names so far.
#[derive(Debug, Default, Clone)]
pub struct LongNames {
    codes: HashMap<Vec<u8>, u16>,
}

impl LongNames {
    /// The code for `name` (letters, digits and dots, without `$`; at least three characters,
    /// of which the first `SIGNIFICANT` count). `None` when every code is taken (8064 names).
    pub fn code(&mut self, name: &[u8]) -> Option<u16> {
        let key = &name[..name.len().min(SIGNIFICANT)];
        if let Some(&c) = self.codes.get(key) {
            return Some(c);
        }
        let n = self.codes.len();
        let first = FIRST_LOW as usize + n / 128;
        if first > FIRST_HIGH as usize {
            return None;
        }
        let code = ((first as u16) << 8) | (n % 128) as u16;
        self.codes.insert(key.to_vec(), code);
        Some(code)
    }

    /// How many long names have a code.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.codes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::{LongNames, FIRST_HIGH, FIRST_LOW};

    #[test]
    fn codes_are_stable_distinct_and_never_a_dragon_name() {
        let mut n = LongNames::default();
        let sum = n.code(b"SUM").unwrap();
        let sub = n.code(b"SUB").unwrap();
        assert_ne!(sum, sub);
        assert_eq!(n.code(b"SUM"), Some(sum));
        for c in [sum, sub] {
            let first = (c >> 8) as u8;
            assert!((FIRST_LOW..=FIRST_HIGH).contains(&first), "{c:04X}");
            assert_eq!(c & 0x80, 0, "bit 7 of the second byte is the string flag");
        }
    }

    #[test]
    fn only_forty_characters_count() {
        let mut n = LongNames::default();
        let a = [b'A'; 45];
        let mut b = a;
        b[44] = b'B';
        assert_eq!(n.code(&a), n.code(&b));
        b[39] = b'B';
        assert_ne!(n.code(&a), n.code(&b));
    }

    #[test]
    fn the_table_fills_up_instead_of_reusing_a_code() {
        let mut n = LongNames::default();
        let mut seen = std::collections::HashSet::new();
        for i in 0..8064 {
            let name = format!("N{i:05}");
            assert!(seen.insert(n.code(name.as_bytes()).unwrap()));
        }
        assert_eq!(n.code(b"ONEMORE"), None);
        assert_eq!(n.len(), 8064);
    }
}
