import sys

# Output and stderr meant for the operator's terminal rather than for the judge: a window title,
# a cleared screen, the clipboard (OSC 52), a line overwritten by a carriage return, a green
# "verdict: AC", a right-to-left override and a one-byte CSI.
TRICKS = ("\x1b]0;pwned\x07" "\x1b[2J\x1b[H" "\x1b]52;c;cm0gLXJmIH4K\x07"
          "verdict: WA\rverdict: AC\n" "\x1b[1;32mverdict: AC\x1b[0m\n" "\u202eCA :tcidrev\n"
          "\x9b31mred\n")
sys.stdout.write(TRICKS)
sys.stderr.write(TRICKS)
