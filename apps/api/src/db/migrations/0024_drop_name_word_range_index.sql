-- The range index on patients' name words has no reader (decision 045): a longer search text
-- filters one start's words on the walk of patient_name_words_start_idx, since with both
-- indexes the planner multiplied two guesses about one word and read common words through
-- the range index and the table.
DROP INDEX "patient_name_words_word_idx";