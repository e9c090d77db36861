mod data;
