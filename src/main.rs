fn main() {
    println!("spacemono: under construction");
}
