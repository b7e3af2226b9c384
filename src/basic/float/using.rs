//! PRINT USING (placeholder until the float package's formatter lands).
use crate::basic::error::ErrorCode;
use crate::basic::float::FloatUnit;

pub struct Using;

#[allow(unused_variables)]
impl Using {
    pub fn new(format: &[u8]) -> Result<Using, ErrorCode> {
        Err(ErrorCode::FC)
    }
    pub fn number(&mut self, fu: &mut FloatUnit, out: &mut Vec<u8>) -> Result<(), ErrorCode> {
        Err(ErrorCode::FC)
    }
    pub fn string(&mut self, s: &[u8], out: &mut Vec<u8>) -> Result<(), ErrorCode> {
        Err(ErrorCode::FC)
    }
    pub fn finish(&mut self, out: &mut Vec<u8>) {}
}
