program broken;
begin
  writeln('unclosed';
end.
