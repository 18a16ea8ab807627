puts("unclosed"
