console.log("unclosed";
