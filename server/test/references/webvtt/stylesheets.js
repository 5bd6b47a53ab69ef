// There's no way to test the actual style from js
// assert_equals(document.styleSheets.length, 0);
