program behave;
type
  TBlock = array[0..1048575] of byte;
var
  what: string;
  a, b, x: int64;
  block: ^TBlock;
begin
  readln(what);
  if what = 'wrong' then
  begin
    read(a, b);
    writeln(a - b);
  end
  else if what = 'loop' then
  begin
    x := 0;
    while true do
      x := x * 31 + 7;
  end
  else if what = 'alloc' then
  begin
    while true do
    begin
      new(block);
      fillchar(block^, sizeof(block^), 1);
    end;
  end
  else if what = 'crash' then
  begin
    read(a);
    writeln(a div (a - a));
  end;
end.
