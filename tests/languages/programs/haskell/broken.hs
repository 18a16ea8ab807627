main :: IO ()
main = print (1 +
