-- Why an import stored nothing: the folders it looked at and what it found there.
ALTER TABLE `import_runs` ADD `note` text;
