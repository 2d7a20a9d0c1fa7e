//! A scanned page as a grey image: its regions of text, turned upright.
//!
//! Official treaty collections print each language version in its own part of the page: a
//! printed collection scanned sideways holds vertical Japanese on one half and the English (or
//! French) text, turned 90 degrees, on the other. One OCR model cannot read both, and
//! Tesseract's orientation detection answers for a page as a whole. So the page is cut into
//! regions at the widest blank band across its middle (rows first, then columns), and each
//! region is turned and read on its own ([`crate::ocr`]). The band may also be the gap between
//! two paragraphs of one text: the OCR reads such a page whole again when its regions turn out
//! to hold the same script in the same direction.
//!
//! Images are 8-bit grey PGM (`P5`), what `pdftoppm -gray` writes and Tesseract reads: a
//! header and the pixels, so cutting and turning need no image library.

/// A grey image, one byte a pixel, rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GreyImage {
    /// Pixels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `width * height` bytes, 0 black to 255 white.
    pub pixels: Vec<u8>,
}

/// A pixel darker than this is ink.
const INK: u8 = 128;

/// A blank band must be at least this share of the page's side to separate two regions
/// (about 4 mm at 300 dpi on an A5 page), so the gap between two lines or columns of text
/// never does.
const MIN_GUTTER_SHARE: f64 = 0.012;

/// The separating band is looked for in this middle part of the page.
const MIDDLE: (f64, f64) = (0.2, 0.8);

/// Inked lines in a row that a blank band may cross (a printed rule, a speck of dust).
const BRIDGED_INK: usize = 4;

/// A line (row or column) with at most this share of ink pixels counts as blank (specks of
/// dust and scanner noise).
const BLANK_SHARE: f64 = 0.002;

impl GreyImage {
    /// Reads a binary PGM (`P5`, max value 255) as `pdftoppm -gray` writes it.
    pub fn from_pgm(bytes: &[u8]) -> Result<GreyImage, String> {
        let mut fields = Vec::with_capacity(4);
        let mut at = 0;
        while fields.len() < 4 {
            // Skip whitespace and comments between header fields.
            while at < bytes.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b'#') {
                if bytes[at] == b'#' {
                    while at < bytes.len() && bytes[at] != b'\n' {
                        at += 1;
                    }
                }
                at += 1;
            }
            let start = at;
            while at < bytes.len() && !bytes[at].is_ascii_whitespace() {
                at += 1;
            }
            if start == at {
                return Err("the page image ends inside its header".into());
            }
            fields.push(&bytes[start..at]);
        }
        if fields[0] != b"P5" {
            return Err("the page image is not a grey PGM (P5)".into());
        }
        let number = |field: &[u8]| -> Result<usize, String> {
            std::str::from_utf8(field)
                .ok()
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| "the page image has a damaged header".to_string())
        };
        let (width, height, max) = (number(fields[1])?, number(fields[2])?, number(fields[3])?);
        if max != 255 {
            return Err(format!("the page image has {max} grey levels, not 256"));
        }
        // One whitespace byte ends the header.
        let pixels = bytes.get(at + 1..).unwrap_or_default();
        let size = width
            .checked_mul(height)
            .filter(|&size| size <= pixels.len())
            .ok_or_else(|| "the page image is shorter than its header says".to_string())?;
        Ok(GreyImage {
            width,
            height,
            pixels: pixels[..size].to_vec(),
        })
    }

    /// The image as a binary PGM.
    pub fn to_pgm(&self) -> Vec<u8> {
        let mut out = format!("P5\n{} {}\n255\n", self.width, self.height).into_bytes();
        out.extend_from_slice(&self.pixels);
        out
    }

    /// The rectangle `x..x+width`, `y..y+height` of the image.
    pub fn crop(&self, x: usize, y: usize, width: usize, height: usize) -> GreyImage {
        let mut pixels = Vec::with_capacity(width * height);
        for row in y..y + height {
            let start = row * self.width + x;
            pixels.extend_from_slice(&self.pixels[start..start + width]);
        }
        GreyImage {
            width,
            height,
            pixels,
        }
    }

    /// The image turned clockwise by `degrees` (0, 90, 180 or 270; others leave it as it is).
    pub fn rotated_clockwise(&self, degrees: u32) -> GreyImage {
        let (w, h) = (self.width, self.height);
        let at = |x: usize, y: usize| self.pixels[y * w + x];
        match degrees % 360 {
            90 => GreyImage {
                width: h,
                height: w,
                // New pixel (x, y) comes from old (y, h - 1 - x).
                pixels: (0..w)
                    .flat_map(|y| (0..h).map(move |x| (x, y)))
                    .map(|(x, y)| at(y, h - 1 - x))
                    .collect(),
            },
            180 => GreyImage {
                width: w,
                height: h,
                pixels: self.pixels.iter().rev().copied().collect(),
            },
            270 => GreyImage {
                width: h,
                height: w,
                // New pixel (x, y) comes from old (w - 1 - y, x).
                pixels: (0..w)
                    .flat_map(|y| (0..h).map(move |x| (x, y)))
                    .map(|(x, y)| at(w - 1 - y, x))
                    .collect(),
            },
            _ => self.clone(),
        }
    }

    /// Ink pixels of each row and of each column.
    fn ink_profiles(&self) -> (Vec<usize>, Vec<usize>) {
        let mut rows = vec![0; self.height];
        let mut columns = vec![0; self.width];
        for (y, row) in self.pixels.chunks_exact(self.width.max(1)).enumerate() {
            for (x, &pixel) in row.iter().enumerate() {
                if pixel < INK {
                    rows[y] += 1;
                    columns[x] += 1;
                }
            }
        }
        (rows, columns)
    }

    /// The regions of text: the page cut at the widest blank band across its middle, rows
    /// first (one part above the other), then columns; the whole page when there is none.
    pub fn regions(&self) -> Vec<Region> {
        self.cut(MIN_GUTTER_SHARE)
            .unwrap_or_else(|| vec![Region::new(0, 0, self.width, self.height)])
    }

    /// The page cut at the widest blank band across its middle however narrow (a page whose
    /// parts a running title or a page number nearly joins), for a page that read poorly
    /// whole; `None` when no line across the middle is blank.
    pub fn regions_at_narrowest_gap(&self) -> Option<Vec<Region>> {
        self.cut(0.0)
    }

    fn cut(&self, min_share: f64) -> Option<Vec<Region>> {
        if self.width == 0 || self.height == 0 {
            return None;
        }
        let (rows, columns) = self.ink_profiles();
        if let Some(cut) = gutter(&rows, self.width, min_share) {
            return Some(vec![
                Region::new(0, 0, self.width, cut),
                Region::new(0, cut, self.width, self.height - cut),
            ]);
        }
        gutter(&columns, self.height, min_share).map(|cut| {
            vec![
                Region::new(0, 0, cut, self.height),
                Region::new(cut, 0, self.width - cut, self.height),
            ]
        })
    }
}

/// A rectangle of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    /// Left edge, in pixels.
    pub x: usize,
    /// Top edge.
    pub y: usize,
    /// Width.
    pub width: usize,
    /// Height.
    pub height: usize,
}

impl Region {
    fn new(x: usize, y: usize, width: usize, height: usize) -> Region {
        Region {
            x,
            y,
            width,
            height,
        }
    }
}

fn blank_limit(across: usize) -> usize {
    (across as f64 * BLANK_SHARE) as usize
}

/// The middle of the widest run of blank lines in the middle part of `profile` (ink per
/// line, lines `across` pixels long), when it is at least `min_share` of the profile's length
/// and ink stands on both sides of it.
fn gutter(profile: &[usize], across: usize, min_share: f64) -> Option<usize> {
    let length = profile.len();
    let limit = blank_limit(across);
    let from = (length as f64 * MIDDLE.0) as usize;
    let to = (length as f64 * MIDDLE.1) as usize;
    let mut best: Option<(usize, usize)> = None; // (width, start)
    let mut run_start = None;
    let mut inked_since: Option<usize> = None; // first inked line after the run's last blank
    for (line, &ink) in profile.iter().enumerate().take(to).skip(from) {
        if ink <= limit {
            let start = *run_start.get_or_insert(line);
            inked_since = None;
            let width = line + 1 - start;
            if best.is_none_or(|(widest, _)| width > widest) {
                best = Some((width, start));
            }
        } else {
            // A thin rule or a speck across the band does not end it.
            let since = *inked_since.get_or_insert(line);
            if line + 1 - since > BRIDGED_INK {
                run_start = None;
            }
        }
    }
    let (width, start) = best?;
    let inked = |lines: &[usize]| lines.iter().any(|&ink| ink > limit);
    (width as f64 >= min_share * length as f64
        && inked(&profile[..start])
        && inked(&profile[start + width..]))
    .then_some(start + width / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white image with black rectangles (x, y, width, height).
    fn page(width: usize, height: usize, ink: &[(usize, usize, usize, usize)]) -> GreyImage {
        let mut pixels = vec![255u8; width * height];
        for &(x, y, w, h) in ink {
            for row in y..y + h {
                pixels[row * width + x..row * width + x + w].fill(0);
            }
        }
        GreyImage {
            width,
            height,
            pixels,
        }
    }

    #[test]
    fn pgm_round_trips_and_damaged_headers_are_errors() {
        let image = page(3, 2, &[(1, 0, 1, 2)]);
        let pgm = image.to_pgm();
        assert_eq!(GreyImage::from_pgm(&pgm).unwrap(), image);
        let commented = b"P5\n# made by hand\n3 2\n255\n\xff\x00\xff\xff\x00\xff";
        assert_eq!(GreyImage::from_pgm(commented).unwrap(), image);
        assert!(GreyImage::from_pgm(b"P6\n3 2\n255\n").is_err());
        assert!(GreyImage::from_pgm(b"P5\n3 2\n255\n\x00").is_err());
        assert!(GreyImage::from_pgm(b"P5\n3").is_err());
    }

    #[test]
    fn turning_four_times_a_quarter_gives_the_image_back() {
        let image = page(4, 3, &[(0, 0, 1, 1), (3, 1, 1, 2)]);
        let once = image.rotated_clockwise(90);
        assert_eq!((once.width, once.height), (3, 4));
        // The top-left pixel goes to the top-right corner.
        assert_eq!(once.pixels[2], 0);
        assert_eq!(
            once.rotated_clockwise(90)
                .rotated_clockwise(90)
                .rotated_clockwise(90),
            image
        );
        assert_eq!(image.rotated_clockwise(270), once.rotated_clockwise(180));
        assert_eq!(image.rotated_clockwise(180).rotated_clockwise(180), image);
    }

    fn regions_of(image: &GreyImage) -> Vec<Region> {
        image.regions()
    }

    #[test]
    fn a_page_with_two_parts_is_cut_at_the_blank_band_between_them() {
        // Lines of text above, a blank band, lines below (1000 x 1400 pixels).
        let mut ink = Vec::new();
        for line in 0..10 {
            ink.push((50, 60 + line * 60, 900, 30));
            ink.push((50, 800 + line * 55, 900, 30));
        }
        let image = page(1000, 1400, &ink);
        let regions = image.regions();
        assert_eq!(regions.len(), 2);
        assert_eq!(regions[0].y, 0);
        assert!((630..=800).contains(&regions[0].height), "{regions:?}");
        assert_eq!(regions[1].y, regions[0].height);
        // Side by side: the same page turned a quarter is cut at a column.
        let regions = image.rotated_clockwise(90).regions();
        assert_eq!(regions.len(), 2);
        assert_eq!(regions[0].x, 0);
        assert!(regions[0].width > 500);
        // A thin printed rule across the band does not hide it.
        let mut ruled = ink.clone();
        ruled.push((0, 715, 1000, 2));
        assert_eq!(page(1000, 1400, &ruled).regions(), regions_of(&image));
        // A narrow band is a cut only when asked for.
        let narrow = page(1000, 1400, &[(50, 50, 900, 600), (50, 660, 900, 600)]);
        assert_eq!(narrow.regions().len(), 1);
        let cut = narrow.regions_at_narrowest_gap().unwrap();
        assert_eq!((cut[0].height, cut[1].y), (655, 655));
        // A page without a blank band across its middle is one region.
        assert_eq!(page(1000, 1400, &[(50, 50, 900, 1300)]).regions().len(), 1);
        assert_eq!(page(1000, 1400, &[]).regions().len(), 1);
    }
}
