# The sum of two integers, in the shell (Bash for the spec, sh for BAPCtools: both read it).
read -r a b
echo $((a + b))
