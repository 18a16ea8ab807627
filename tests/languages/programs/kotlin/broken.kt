fun main() {
    println("unclosed"
}
