//! A minimal PNG writer: 8-bit RGB or RGBA, an sRGB chunk, per-row adaptive filtering, and zlib
//! data from `miniz_oxide`.
//!
//! Written here rather than taken from the `png` crate so that the committed bytes depend on as
//! little as possible: `png` compresses through `flate2`, whose back end (miniz_oxide, zlib-rs or
//! system zlib) is chosen by Cargo feature unification across the whole workspace, and a different
//! back end writes different (equally valid) bytes.

/// Colour type of the pixel data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorType {
    Rgb,
    Rgba,
}

impl ColorType {
    fn channels(self) -> usize {
        match self {
            ColorType::Rgb => 3,
            ColorType::Rgba => 4,
        }
    }

    fn code(self) -> u8 {
        match self {
            ColorType::Rgb => 2,
            ColorType::Rgba => 6,
        }
    }
}

/// Encodes `data` (rows top to bottom, `width * channels` bytes each) as a PNG file.
pub fn encode(width: u32, height: u32, color: ColorType, data: &[u8]) -> Vec<u8> {
    let bpp = color.channels();
    let stride = width as usize * bpp;
    assert_eq!(
        data.len(),
        stride * height as usize,
        "pixel data matches the size"
    );

    let filtered = filter_rows(data, stride, bpp);
    let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&filtered, 6);

    let mut out = Vec::with_capacity(compressed.len() + 64);
    out.extend_from_slice(&[0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n']);
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, color.code(), 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"sRGB", &[0]); // perceptual rendering intent
    chunk(&mut out, b"IDAT", &compressed);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], body: &[u8]) {
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(body);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Picks, for every row, the PNG filter whose output has the smallest sum of absolute values
/// (the heuristic the PNG specification suggests), and prefixes each row with its filter type.
fn filter_rows(data: &[u8], stride: usize, bpp: usize) -> Vec<u8> {
    let rows = data.len() / stride.max(1);
    let mut out = Vec::with_capacity(rows * (stride + 1));
    let zero = vec![0u8; stride];
    let mut candidates = vec![vec![0u8; stride]; 5];
    for r in 0..rows {
        let row = &data[r * stride..(r + 1) * stride];
        let prev = if r == 0 {
            &zero[..]
        } else {
            &data[(r - 1) * stride..r * stride]
        };
        // Written out long-hand: this loop runs unoptimised in debug builds over every byte.
        let mut costs = [0u32; 5];
        for i in 0..stride {
            let a = if i >= bpp { row[i - bpp] } else { 0 };
            let b = prev[i];
            let c = if i >= bpp { prev[i - bpp] } else { 0 };
            let x = row[i];
            let v1 = x.wrapping_sub(a);
            let v2 = x.wrapping_sub(b);
            let v3 = x.wrapping_sub(((a as u16 + b as u16) >> 1) as u8);
            let v4 = x.wrapping_sub(paeth(a, b, c));
            candidates[0][i] = x;
            candidates[1][i] = v1;
            candidates[2][i] = v2;
            candidates[3][i] = v3;
            candidates[4][i] = v4;
            // |v| with v read as a signed byte: v for 0..=127, 256 - v above.
            costs[0] += if x < 128 { x as u32 } else { 256 - x as u32 };
            costs[1] += if v1 < 128 { v1 as u32 } else { 256 - v1 as u32 };
            costs[2] += if v2 < 128 { v2 as u32 } else { 256 - v2 as u32 };
            costs[3] += if v3 < 128 { v3 as u32 } else { 256 - v3 as u32 };
            costs[4] += if v4 < 128 { v4 as u32 } else { 256 - v4 as u32 };
        }
        // The first filter with the lowest cost, so ties always resolve the same way.
        let mut best = 0;
        for k in 1..5 {
            if costs[k] < costs[best] {
                best = k;
            }
        }
        out.push(best as u8);
        out.extend_from_slice(&candidates[best]);
    }
    out
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = a as i16 + b as i16 - c as i16;
    let da = p - a as i16;
    let db = p - b as i16;
    let dc = p - c as i16;
    let pa = if da < 0 { -da } else { da };
    let pb = if db < 0 { -db } else { db };
    let pc = if dc < 0 { -dc } else { dc };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// CRC-32 (ISO-HDLC), as PNG chunks use.
fn crc32(bytes: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0u32; 256];
        for (n, entry) in t.iter_mut().enumerate() {
            let mut c = n as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *entry = c;
        }
        t
    });
    let mut crc = 0xffff_ffffu32;
    for &b in bytes {
        crc = table[((crc ^ b as u32) & 0xff) as usize] ^ (crc >> 8);
    }
    crc ^ 0xffff_ffff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_specification_example() {
        // The CRC of an IEND chunk's type with no data is the well-known ae426082.
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
    }

    #[test]
    fn decoding_gives_back_the_pixels() {
        let (w, h) = (7u32, 5u32);
        let data: Vec<u8> = (0..w * h * 4).map(|i| (i * 37 % 251) as u8).collect();
        let bytes = encode(w, h, ColorType::Rgba, &data);
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("valid PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("size fits")];
        let info = reader.next_frame(&mut buf).expect("valid PNG data");
        assert_eq!((info.width, info.height), (w, h));
        assert_eq!(info.color_type, png::ColorType::Rgba);
        assert_eq!(&buf[..info.buffer_size()], &data[..]);
    }
}
