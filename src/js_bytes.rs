//! Bytes in a JavaScript buffer, read by the engine a piece at a time.
//!
//! An opened file and a run's request arrive as a JavaScript buffer. A million-job trace is a
//! quarter of a gigabyte of JSON: copied into wasm memory whole, it stood there beside the jobs
//! read from it, and the memory kept that room for good. The engine reads a scenario from these
//! bytes a megabyte at a time instead (`quotalab_engine::format::pieces`;
//! docs/PERFORMANCE.md, "A trace read a piece at a time").

use quotalab_engine::format::pieces::Source;

/// A view of bytes in a JavaScript buffer.
#[derive(Debug, Clone)]
pub struct JsBytes(pub js_sys::Uint8Array);

/// Two views are equal when they are the same view: their bytes are not read to compare them.
impl PartialEq for JsBytes {
    fn eq(&self, other: &Self) -> bool {
        wasm_bindgen::JsValue::from(&self.0) == wasm_bindgen::JsValue::from(&other.0)
    }
}

impl Source for JsBytes {
    fn len(&self) -> usize {
        self.0.length() as usize
    }

    fn copy_to(&self, offset: usize, into: &mut [u8]) {
        self.0
            .subarray(offset as u32, (offset + into.len()) as u32)
            .copy_to(into);
    }
}
