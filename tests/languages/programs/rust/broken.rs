fn main() {
    println!("unclosed";
}
