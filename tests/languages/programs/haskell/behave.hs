spin :: Int -> Int
spin x = if x < 0 then x else spin (x + 1)

main :: IO ()
main = do
  text <- getContents
  case words text of
    ("wrong" : a : b : _) -> print (read a - read b :: Integer)
    ("loop" : _) -> print (spin 0)
    ("alloc" : _) -> do
      let xs = [1 ..] :: [Int]
      print (length xs + sum xs)
    ("crash" : n : _) -> print ([1, 2, 3] !! read n :: Int)
    _ -> return ()
