import threading


def burn():
    while True:
        pass


for _ in range(3):
    threading.Thread(target=burn, daemon=True).start()
burn()
