fun spin(): Long {
    var x = 0L
    while (true) {
        x = x * 31 + 7
    }
}

fun hog(): Int {
    val blocks = ArrayList<LongArray>()
    while (true) {
        blocks.add(LongArray(1 shl 17))
    }
}

fun main() {
    val words = System.`in`.bufferedReader().readText().split(Regex("\\s+")).filter { it.isNotEmpty() }
    when (words[0]) {
        "wrong" -> println(words[1].toLong() - words[2].toLong())
        "loop" -> println(spin())
        "alloc" -> println(hog())
        "crash" -> println(IntArray(1)[words[1].toInt()])
    }
}
