# The sum of two integers, in Ruby (skipped where no `ruby` is installed).
a, b = gets.split.map(&:to_i)
puts a + b
