import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class Behave {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String what = in.next();
        switch (what) {
            case "wrong":
                System.out.println(in.nextLong() - in.nextLong());
                break;
            case "loop":
                spin();
                break;
            case "alloc":
                hog();
                break;
            case "crash":
                int[] one = new int[1];
                System.out.println(one[in.nextInt()]);
                break;
            default:
                break;
        }
    }

    static void spin() {
        long x = 0;
        while (true) {
            x = x * 31 + 7;
        }
    }

    static void hog() {
        List<long[]> blocks = new ArrayList<>();
        while (true) {
            blocks.add(new long[1 << 17]);
        }
    }
}
