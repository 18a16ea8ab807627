class Hello {
    static void Main() {
        System.Console.WriteLine("Hello, World!");
    }
}
