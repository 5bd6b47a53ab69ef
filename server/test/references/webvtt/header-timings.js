assert_equals(cues.length, 1);

assert_equals(cues[0].text, 'text');
assert_equals(cues[0].startTime, 0);
assert_equals(cues[0].endTime, 1);
