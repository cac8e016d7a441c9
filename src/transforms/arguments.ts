// Argument checks for the public functions of this folder: a wrong argument is a TypeError that
// names it (never a crash inside, nor a silently wrong answer).

import { describeValue as describeArgument, expectOptions, expectString } from "../describe.js";

export { describeArgument, expectOptions, expectString };
