fn main() {
    println!("Hello, World!");
}
