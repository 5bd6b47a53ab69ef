assert_equals(cues.length, 2);

assert_equals(cues[0].text, 'text0');
assert_equals(cues[0].startTime, 0);
assert_equals(cues[0].endTime, 1);

assert_equals(cues[1].text, 'text1');
assert_equals(cues[1].startTime, 0);
assert_equals(cues[1].endTime, 1);
