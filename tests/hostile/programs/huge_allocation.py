data = bytearray(1 << 40)  # one terabyte: the allocation itself fails
print(len(data))
