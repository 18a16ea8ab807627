words = STDIN.read.split
case words[0]
when "wrong"
  puts words[1].to_i - words[2].to_i
when "loop"
  x = 0
  loop { x = (x * 31 + 7) % 1_000_003 }
when "alloc"
  hog = []
  loop { hog << "x" * (1 << 20) }
when "crash"
  puts 1 / (words[1].to_i * 0)
end
