using System;
using System.Collections.Generic;

class Behave {
    static void Main() {
        var words = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        switch (words[0]) {
            case "wrong":
                Console.WriteLine(long.Parse(words[1]) - long.Parse(words[2]));
                break;
            case "loop":
                Spin();
                break;
            case "alloc":
                Hog();
                break;
            case "crash":
                var one = new int[1];
                Console.WriteLine(one[int.Parse(words[1])]);
                break;
        }
    }

    static void Spin() {
        long x = 0;
        while (true) x = x * 31 + 7;
    }

    static void Hog() {
        var blocks = new List<long[]>();
        while (true) {
            var block = new long[1 << 17];
            for (int i = 0; i < block.Length; i++) block[i] = i;
            blocks.Add(block);
        }
    }
}
