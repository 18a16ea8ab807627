package main

import "fmt"

func main() {
	var what string
	var a, b int64
	fmt.Scan(&what)
	fmt.Scan(&a, &b)
	switch what {
	case "wrong":
		fmt.Println(a - b)
	case "loop":
		for {
			a = a*31 + 7
		}
	case "alloc":
		var hog [][]byte
		for {
			block := make([]byte, 1<<20)
			for i := range block {
				block[i] = 1
			}
			hog = append(hog, block)
		}
	case "crash":
		var none []int64
		fmt.Println(none[a])
	}
}
