program hello;
begin
  writeln('Hello, World!');
end.
