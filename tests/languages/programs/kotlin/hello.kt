fun main() {
    println("Hello, World!")
}
