import sys

sys.stdout.write("partial\n")
sys.exit(3)
