//! Period speed: BM1–BM8 take as many 50 Hz fields here as they took on a Dragon 32 running
//! the genuine ROM (shared/bench/README.md: 1.6, 10.4, 19.8, 21.7, 23.5, 34.6, 50.5, 129.2 s).

use spacemono::frontend::headless::run_until_done;
use spacemono::machine::Machine;

const DRAGON_SECONDS: [f64; 8] = [1.6, 10.4, 19.8, 21.7, 23.5, 34.6, 50.5, 129.2];

/// Emulated seconds from RUN to OK.
fn emulated_seconds(n: usize) -> f64 {
    let path = format!("{}/../shared/bench/bm{n}.bas", env!("CARGO_MANIFEST_DIR"));
    let path = if std::path::Path::new(&path).exists() {
        path
    } else {
        format!("{}/bench/bm{n}.bas", env!("CARGO_MANIFEST_DIR"))
    };
    let listing = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut m = Machine::new();
    m.load_listing(&listing).unwrap();
    m.type_text(b"RUN\r");
    let start = m.hw.field;
    run_until_done(&mut m, Some(50 * 1000));
    (m.hw.field - start) as f64 / 50.0
}

#[test]
fn each_benchmark_takes_the_dragons_time_within_ten_percent() {
    let mut report = String::new();
    let mut worst: f64 = 0.0;
    for n in 1..=8 {
        let ours = emulated_seconds(n);
        let ratio = ours / DRAGON_SECONDS[n - 1];
        worst = worst.max((ratio - 1.0).abs());
        report += &format!(
            "BM{n}: {ours:.1} s here, {:.1} s on a Dragon ({ratio:.2})\n",
            DRAGON_SECONDS[n - 1]
        );
    }
    println!("{report}");
    assert!(worst <= 0.10, "{report}");
}
